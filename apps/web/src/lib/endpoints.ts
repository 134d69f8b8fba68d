export {
  type ApiEndpointName,
  endpointPath,
  getEndpoint,
  UNKNOWN_ENDPOINT_MESSAGE,
} from "@fieldlead/contracts";
export type PathParams = Record<string, string | number | boolean>;
