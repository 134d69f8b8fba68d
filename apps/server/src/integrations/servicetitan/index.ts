export * from "./client";
export * from "./schemas";
export {
  type ServiceTitanSimulator,
  type SimulatorOptions,
  type SimulatorSwitches,
  simulatedBooked,
  simulatedCapacity,
  startServiceTitanSimulator,
} from "./simulator";
export { SIMULATOR_CREDENTIALS, type SimulatedTenant, simulatedTenant } from "./simulator-data";
