/** Support (docs/decisions/0041-notifications-and-support.md): documents, tutorials and their files. */
export * from "./support.routes";
export * from "./support.service";
