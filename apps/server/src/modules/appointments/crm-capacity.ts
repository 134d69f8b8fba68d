/**
 * The CRM's own capacity, as the appointments service asks for it (docs/decisions/0033): a port the CRM module
 * implements (modules/crm) and the appointments module owns. `checked`: keep only the windows `takes` accepts;
 * `notConnected`: the organization has no CRM that reports capacity; `unavailable`: it did not answer, and our
 * own capacity stands (the CRM being down never breaks booking). The ids are the CRM's:
 * `crm_references.external_id` of the type's business units and `appointment_types.crm_job_type_id`.
 */
export type CrmCapacityAnswer =
  | { status: "checked"; takes: (window: { startsAt: Date; endsAt: Date }) => boolean }
  | { status: "notConnected" }
  | { status: "unavailable"; reason: string };
export type CrmCapacity = {
  check(input: {
    organizationId: number;
    from: Date;
    to: Date;
    businessUnitIds: number[];
    jobTypeId: number | null;
  }): Promise<CrmCapacityAnswer>;
};
