import { notFoundPage } from "../lib/page-errors.server";

/** Any URL no other route claims: 404 with the error page (the root loader still runs, so it is branded). */
export function loader(): never {
  notFoundPage();
}

export default function NotFound() {
  return null;
}
