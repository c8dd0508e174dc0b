import { data } from "react-router";
import { ApiError } from "./api-client.server";

/**
 * Loaders call the API through this so that a failed call becomes a route error the error page
 * can read: a 404 stays 404 ("not found"); anything else is a failed page (503), shown as
 * 'SORRY, SOMETHING WENT WRONG!'. Render errors are not caught here: they reach the boundary as
 * plain errors and get the 500 coffee-break page.
 */
export async function orFailedPage<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof ApiError) {
      throw data({ reason: err.status === 404 ? "notFound" : "apiFailure" }, { status: err.status === 404 ? 404 : 503 });
    }
    throw err;
  }
}

export function notFoundPage(): never {
  throw data({ reason: "notFound" }, { status: 404 });
}
