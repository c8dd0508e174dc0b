import type { IncomingMessage, ServerResponse } from "node:http";

/** How much of a refused body is still read and dropped, at most, and for how long, before the connection closes. */
export const LINGER = { bytes: 8 * 1024 * 1024, ms: 2_000 };

/**
 * Ends the connection once `res` has been sent, for an answer given before the request's body was
 * all read (a body over the limit). The rest of the body is not wanted, but closing a socket on
 * unread bytes resets the connection, and a client still sending would lose the answer with it:
 * so the store half-closes, drops what still arrives for a moment (LINGER), then closes. A body
 * without end is cut there.
 */
export function closeOnceAnswered(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    const { socket } = req;
    socket.end();
    if (req.readableEnded) return void socket.destroy();
    let dropped = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER.ms);
    socket.once("close", () => clearTimeout(timer));
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER.bytes) close();
    });
    req.once("end", close);
    req.resume();
  });
}
