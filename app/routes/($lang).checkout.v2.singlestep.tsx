/** The second-generation single-step checkout path serves the same page. */
export { action, default, handle, headers, loader, meta } from "./($lang).checkout.singlestep";
