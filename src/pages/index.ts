import * as about from "./about";
import * as allFields from "./all-fields";
import * as contact from "./contact";
import * as home from "./home";
import * as notFound from "./not-found";
import * as products from "./products";
import * as services from "./services";
import type { PageModule } from "./types";

/** Every page of the site. The top bar lists those with nav meta, in nav order. */
export const pages: readonly PageModule[] = [home, about, services, products, allFields, contact, notFound];
