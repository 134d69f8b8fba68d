export * from "./client";
export * from "./destination";
export * from "./records";
export * from "./schemas";
export {
  type ServiceTitanSimulator,
  type SimulatorCall,
  type SimulatorOptions,
  type SimulatorSwitches,
  simulatedBooked,
  simulatedCapacity,
  startServiceTitanSimulator,
} from "./simulator";
export {
  SIMULATOR_BOOKING_PROVIDER_ID,
  SIMULATOR_CREDENTIALS,
  type SimulatedTenant,
  simulatedTenant,
} from "./simulator-data";
export type {
  SimulatedAppointment,
  SimulatedBooking,
  SimulatedCustomer,
  SimulatedInvoice,
  SimulatedJob,
  SimulatedLocation,
  SimulatedOperation,
  SimulatedProgress,
  SimulatedRecords,
} from "./simulator-records";
