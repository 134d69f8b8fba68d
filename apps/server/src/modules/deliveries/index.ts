export { CRM_READBACK_CRON, deliveriesJobs } from "./deliveries.jobs";
export { programLookups } from "./deliveries.lookups";
export { crmReadBack, READBACK_BATCH } from "./deliveries.readback";
export {
  type ClaimedDelivery,
  DELIVERY_CHANNEL,
  type DeliveriesRepository,
  deliveriesRepository,
  deliveryKey,
  NEEDS_CONSENT,
} from "./deliveries.repository";
export { deliveriesRoutes } from "./deliveries.routes";
export { sealDestinationCredentials } from "./deliveries.secrets";
export {
  type BackoffPolicy,
  DEFAULT_BACKOFF,
  type DeliverySender,
  type DeliveryWorker,
  deliverySender,
  deliveryWorker,
  retryDelayMs,
} from "./deliveries.sender";
export {
  type DeliveriesService,
  type DeliveryRecorder,
  deliveriesService,
  deliveryRecorder,
} from "./deliveries.service";
