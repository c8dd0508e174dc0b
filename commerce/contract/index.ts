export * from "./common";
export * from "./money";
export * from "./variant-code";
export * from "./product";
export * from "./cms";
export * from "./address";
export * from "./auth";
export * from "./cart";
