// The bare React Router app that scripts/bench.mjs measures the store against: the framework's
// defaults, server-rendered. Everything it builds goes under build/ (gitignored).
/** @type {import('@react-router/dev/config').Config} */
export default { appDirectory: "app", buildDirectory: "build", ssr: true };
