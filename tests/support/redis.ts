import net from "node:net";

/** The Redis the shared rate-limit tests use; CI starts it, so there its absence is a failure. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000, () => (socket.destroy(), resolve(false)));
    socket.on("connect", () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

/** Whether Redis answers; under CI a silent Redis stops the run instead of skipping its tests. */
export async function redisForTests(): Promise<boolean> {
  const up = await redisAnswers();
  if (!up && process.env.CI) throw new Error(`Redis does not answer at ${TEST_REDIS_URL}; CI runs the shared rate limits against it`);
  if (!up) console.warn(`\n*** Redis does not answer at ${TEST_REDIS_URL}: the shared rate-limit tests are skipped ***\n`);
  return up;
}
