export * from "./adapter";
export * from "./schemas";
export * from "./signature";
export * from "./simulator";
