import { SamplePlayer } from "../islands/SamplePlayer";
import { ISLAND_IDS } from "../islands/props";
import { hydrateIsland } from "./hydrate";

export const hydrateSample = () => hydrateIsland(ISLAND_IDS.sample, SamplePlayer);
