export * from "./date-range";
export * from "./local-date";
export * from "./week-list";
export * from "./zone";
