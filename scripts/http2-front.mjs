// An HTTPS front that speaks HTTP/2 to the browser and HTTP/1.1 to a server on loopback, as the load
// balancer in front of a production store does (TLS ends there; the store trusts its
// X-Forwarded-Proto from loopback). scripts/lighthouse.mjs audits pages through it: Lighthouse's
// simulated network charges each HTTP/1.1 request a connection's round trips, six connections at a
// time, where HTTP/2 multiplexes every request of the page on one connection.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import path from "node:path";

/** Headers that belong to one HTTP/1.1 connection and are refused in an HTTP/2 answer. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

/** A throwaway self-signed certificate for localhost and 127.0.0.1, written into `dir`. */
function selfSignedCertificate(dir) {
  const key = path.join(dir, "front-key.pem");
  const cert = path.join(dir, "front-cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"].concat([
      "-keyout",
      key,
      "-out",
      cert,
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ]),
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** Listens on `listenPort` and passes every request to http://127.0.0.1:`targetPort`; answers its https base URL and close(). */
export async function startHttp2Front({ targetPort, listenPort, dir }) {
  const server = http2.createSecureServer(selfSignedCertificate(dir), (req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(":")));
    headers.host = req.headers[":authority"];
    headers["x-forwarded-proto"] = "https";
    const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path: req.url, headers }, (answer) => {
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${listenPort}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
