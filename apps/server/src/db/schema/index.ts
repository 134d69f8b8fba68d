export * from "./appointments";
export * from "./crm";
export * from "./leads";
export * from "./organizations";
export * from "./platform";
export * from "./qr-codes";
export * from "./settings";
export * from "./users";
