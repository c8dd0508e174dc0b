import { data, type LoaderFunctionArgs } from "react-router";
import { clientContext } from "../lib/api-client.server";
import { CACHE_CONTROL } from "../lib/cache";
import { getSuggestions } from "../models/search.server";

/** Typeahead data for the header search (JavaScript only; the search form works without it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  if (q.length < 2) return data({ suggestions: [], products: [] }, { headers: { "Cache-Control": CACHE_CONTROL.search } });
  const lang = new URL(request.url).searchParams.get("lang") === "fr" && context.brand.languages.includes("fr") ? "fr" : context.lang;
  try {
    return data(await getSuggestions({ ...clientContext(context), lang }, q), { headers: { "Cache-Control": CACHE_CONTROL.search } });
  } catch {
    return data({ suggestions: [], products: [] }, { status: 200 });
  }
}
