// French search lives at /fr/recherche (spec §2); the page is the same module as /search.
export { default, headers, loader, meta } from "./($lang).search";
