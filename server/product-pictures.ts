import type { RequestHandler } from "express";
import { drawPicture, PICTURE_PATH_PREFIX, pictureEtag, pictureFacts } from "../lib/product-picture";

/** A week: the name carries every fact a picture shows, so only a new drawing changes one, and the ETag catches that. */
const PICTURE_CACHE_CONTROL = "public, max-age=604800";

/**
 * Drawn product pictures (`/images/products/drawn/...svg`), made from the facts their name
 * carries: no file, no catalog look-up, and a 304 for a browser or CDN that already has it.
 * Any other path goes on (to the static files); a name that is not a picture's is 404.
 */
export function productPictures(): RequestHandler {
  const prefix = `${PICTURE_PATH_PREFIX}drawn/`;
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.path.startsWith(prefix)) return next();
    const name = req.path.slice(PICTURE_PATH_PREFIX.length);
    const facts = pictureFacts(name);
    if (!facts) {
      res.status(404).type("text/plain").send("No such picture.");
      return;
    }
    res.setHeader("Cache-Control", PICTURE_CACHE_CONTROL);
    res.setHeader("ETag", pictureEtag(name));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type("image/svg+xml").send(drawPicture(facts));
  };
}
