import { engineScenarios } from "./engines/scenarios";

// The scenarios every engine must pass (engines/scenarios.ts), in firefox.
engineScenarios("firefox");
