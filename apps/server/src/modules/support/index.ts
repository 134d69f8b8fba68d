/** Support (docs/decisions/0041-notifications-and-support.md): documents, tutorials and their files. */
export { supportJobs } from "./support.jobs";
export { downloadName, fileLinks } from "./support.links";
export { type SupportRepository, supportRepository } from "./support.repository";
export { supportRoutes } from "./support.routes";
export {
  embedUrlOf,
  FILE_LINK_KEY_PURPOSE,
  FILE_REMOVAL_TOPIC,
  type SupportService,
  supportService,
} from "./support.service";
