export * from "./appointments";
export * from "./leads";
export * from "./organizations";
export * from "./platform";
export * from "./settings";
export * from "./users";
