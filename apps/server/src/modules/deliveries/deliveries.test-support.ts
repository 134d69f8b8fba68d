import type { DestinationUpsertRequest } from "@fieldlead/contracts";
import type { PartnerSimulator } from "../../integrations/partners/index";
import {
  type ServiceTitanSimulator,
  SIMULATOR_BOOKING_PROVIDER_ID,
} from "../../integrations/servicetitan/index";

/**
 * The bodies of `PUT /api/destinations/{destination}` that point an organization at the simulators (tests and
 * benchmarks): the CRM in booking mode at a ServiceTitan simulator, and the retailer at the partner simulator with
 * a warehouse number for each of the given stores. `credentials: null` keeps the stored ones.
 */
export function simulatorDestinations(sims: { crm?: ServiceTitanSimulator; partners?: PartnerSimulator }) {
  return {
    crm(secret: string | null = sims.crm?.credentials.clientSecret ?? null): DestinationUpsertRequest {
      const crm = sims.crm;
      if (!crm) throw new Error("no ServiceTitan simulator");
      return {
        isEnabled: true,
        settings: {
          apiUrl: crm.url,
          authUrl: crm.url,
          tenantId: crm.credentials.tenantId,
          clientId: crm.credentials.clientId,
          appKey: crm.credentials.appKey,
          mode: "booking",
          bookingProviderId: SIMULATOR_BOOKING_PROVIDER_ID,
        },
        credentials: secret === null ? null : { clientSecret: secret },
      };
    },
    retailer(
      storeIds: readonly number[],
      more: Partial<DestinationUpsertRequest> = {},
    ): DestinationUpsertRequest {
      const partners = sims.partners;
      if (!partners) throw new Error("no partner simulator");
      return {
        isEnabled: true,
        settings: {
          endpoint: partners.url("retailer"),
          vendorNumber: "1234",
          storeNumbers: Object.fromEntries(storeIds.map((id) => [String(id), `W-${id}`])),
          imeSubCategories: [],
        },
        credentials: { secret: partners.secrets.retailer },
        ...more,
      };
    },
  };
}
