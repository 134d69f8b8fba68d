export { displayAnswer, type StoredAnswer, validateAnswers } from "./lead-answers";
export {
  type ExternalLeadRecord,
  type LeadIntake,
  leadIntake,
  type RecordedLead,
  type RefusedEntry,
} from "./lead-intake.service";
export { type LeadScope, leadScope } from "./leads.policy";
export { type LeadsRepository, leadsRepository } from "./leads.repository";
export { leadsRoutes } from "./leads.routes";
export { type LeadsService, leadsService } from "./leads.service";
export { type LeadsSearchRepository, leadsSearchRepository } from "./leads-search.repository";
