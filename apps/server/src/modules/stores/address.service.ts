import type { AddressProvider } from "../../integrations/address/address-provider";
import type { TenantContext } from "../../platform/context";
import { notFound } from "../../platform/errors";

/**
 * Address suggestions and details for the store and organization forms, through the address provider
 * (integrations/address; offline today): US cities and ZIP codes, and the organization's own store addresses.
 */
export function addressService(d: { address: AddressProvider }) {
  return {
    suggestions: (ctx: TenantContext, query: string, limit: number) =>
      d.address.suggest(ctx.organizationId, query, limit),

    async details(ctx: TenantContext, id: string) {
      const found = await d.address.details(ctx.organizationId, id);
      if (!found) throw notFound("The address");
      return found;
    },
  };
}

export type AddressService = ReturnType<typeof addressService>;
