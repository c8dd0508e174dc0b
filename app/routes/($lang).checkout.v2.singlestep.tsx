/** The second-generation single-step checkout path serves the same page. */
export { action, default, loader, meta } from "./($lang).checkout.singlestep";
