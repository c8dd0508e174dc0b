/** The second-generation single-step checkout path serves the same page. */
export { action, default, headers, loader, meta } from "./($lang).checkout.singlestep";
