export { type ContactsRepository, contactsRepository } from "./contacts.repository";
export { type ServiceTypesRepository, serviceTypesRepository } from "./service-types.repository";
export { requireSettingsManager, requireSettingsReader } from "./settings.policy";
export { settingsRoutes } from "./settings.routes";
export {
  type FormQuestion,
  type FormServiceType,
  type LeadFormReader,
  leadFormReader,
  type SettingsService,
  settingsService,
} from "./settings.service";
