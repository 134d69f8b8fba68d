export { type CrmCapacity, type CrmCapacityAnswer, type CrmCapacityDeps, crmCapacity } from "./crm.capacity";
export { type ConnectedCrm, type CrmClients, crmClients } from "./crm.clients";
export { CRM_REFRESH_CRON, crmJobs } from "./crm.jobs";
export { crmLookups } from "./crm.lookups";
export { type CrmRepository, crmRepository } from "./crm.repository";
export { crmRoutes } from "./crm.routes";
export { sealCrmSecrets } from "./crm.secrets";
export { type CrmService, crmService } from "./crm.service";
