// French search lives at /fr/recherche; the page is the same module as /search.
export { default, headers, loader, meta } from "./($lang).search";
