// French search lives at /fr/recherche; the page is the same module as /search.
export { default, handle, headers, loader, meta } from "./($lang).search";
