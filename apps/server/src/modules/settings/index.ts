export { type ContactsRepository, contactsRepository, type LeadSettingsRow } from "./contacts.repository";
export { type ServiceTypesRepository, serviceTypesRepository } from "./service-types.repository";
export { requireLeadSettingsReader, requireSettingsManager, requireSettingsReader } from "./settings.policy";
export { settingsRoutes } from "./settings.routes";
export {
  type FormQuestion,
  type FormServiceType,
  type LeadFormReader,
  leadFormReader,
  type SettingsService,
  settingsService,
} from "./settings.service";
