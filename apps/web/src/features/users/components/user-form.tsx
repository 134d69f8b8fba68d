import {
  type HdUserUpsertRequest,
  hdUserUpsertRequest,
  type UserDetail,
  type UserUpsertRequest,
  type UserUpsertResponse,
  userUpsertRequest,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import {
  Alert,
  Divider,
  Fieldset,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconBuildingStore, IconLock, IconMailForward } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { DigitsInput } from "../../../components/digits-input";
import { FormFooter } from "../../../components/form-footer";
import { FormError } from "../../../components/query-state";
import { SearchMultiSelect } from "../../../components/search-multi-select";
import type { ApiError } from "../../../lib/api-error";
import { useCan } from "../../../lib/can";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { toOptions, useLookupList } from "../../../lib/lookup-list";
import { useAssignableRoles } from "../api/get-assignable-roles";
import { useUpsertRetailerProgramUser } from "../api/upsert-retailer-program-user";
import { useUpsertUser } from "../api/upsert-user";
import { type CaptureIconChange, CaptureIconField } from "./capture-icon-field";

export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  languageIds: string[];
  timeZone: string | null;
  hoursTypeId: string | null;
  roleId: string | null;
  territoryIds: string[];
  storeIds: string[];
  isActive: boolean;
  sendInvitation: boolean;
};

const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "languageIds",
  "timeZone",
  "hoursTypeId",
  "roleId",
  "territoryIds",
  "storeIds",
  "isActive",
  "captureIcon",
] as const;
const fieldOf = fieldsOf(FIELDS);

const ids = (values: string[]) => values.map(Number);
const storeLabel = (s: { name: string; city: string | null }) => (s.city ? `${s.name} (${s.city})` : s.name);

export function valuesOf(u: UserDetail | null): UserFormValues {
  return {
    firstName: u?.firstName ?? "",
    lastName: u?.lastName ?? "",
    email: u?.email ?? "",
    phone: u?.phone ?? "",
    languageIds: (u?.languageIds ?? []).map(String),
    timeZone: u?.timeZone ?? null,
    hoursTypeId: u?.hoursTypeId != null ? String(u.hoursTypeId) : null,
    roleId: u ? String(u.roleId) : null,
    territoryIds: (u?.territoryIds ?? []).map(String),
    storeIds: (u?.storeIds ?? []).map(String),
    isActive: u?.isActive ?? true,
    sendInvitation: false,
  };
}

export function requestOf(values: UserFormValues, id: number | undefined, icon: CaptureIconChange) {
  const request = {
    ...(id ? { id } : {}),
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone || null,
    languageIds: ids(values.languageIds),
    timeZone: values.timeZone,
    hoursTypeId: values.hoursTypeId ? Number(values.hoursTypeId) : null,
    roleId: values.roleId ? Number(values.roleId) : undefined,
    territoryIds: ids(values.territoryIds),
    storeIds: ids(values.storeIds),
    isActive: values.isActive,
    sendInvitation: !id && values.sendInvitation,
    ...(icon === undefined
      ? {}
      : { captureIcon: icon ? { contentType: icon.contentType, dataBase64: icon.dataBase64 } : null }),
  };
  return request as UserUpsertRequest;
}

/** The body of `users.hdUpsert`: the person only; the server sets role 2 and subscription 16. */
export function retailerRequestOf(values: UserFormValues, id: number | undefined): HdUserUpsertRequest {
  return {
    ...(id ? { id } : {}),
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone || null,
    isActive: values.isActive,
    sendInvitation: !id && values.sendInvitation,
  };
}

/** What a retailer program user may do, said where their role and places would be. */
export const RETAILER_PROGRAM_SCOPE = "Sees only the retailer program's leads, QR codes and reports.";

/**
 * Everything about a person and their membership here, saved in one go. With `retailerProgram`, a
 * home-improvement retailer program user (subscription 16, role 2): only the person, saved through
 * `users.hdUpsert`; no role, territories, stores, languages, time zone or capture icon.
 */
export function UserForm({
  user,
  retailerProgram = false,
  readOnly,
  callerId,
  onSaved,
  onCancel,
}: {
  user: UserDetail | null;
  retailerProgram?: boolean;
  readOnly: boolean;
  callerId: number;
  onSaved: (saved: UserUpsertResponse) => void;
  onCancel: () => void;
}) {
  const can = useCan();
  const lookups = useLookupList();
  const roles = useAssignableRoles();
  const standard = useUpsertUser();
  const retailer = useUpsertRetailerProgramUser();
  const mutation = retailerProgram ? retailer : standard;
  const [icon, setIcon] = useState<CaptureIconChange>(undefined);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const form = useForm<UserFormValues>({
    mode: "controlled",
    initialValues: valuesOf(user),
    validate: (values) =>
      retailerProgram
        ? schemaErrors(hdUserUpsertRequest, retailerRequestOf(values, user?.id), fieldOf)
        : schemaErrors(userUpsertRequest, requestOf(values, user?.id, undefined), fieldOf),
  });

  const self = user?.id === callerId;
  const identityLocked = !!user?.sharedIdentity && !self && !can("platform.operate");

  const roleOptions = useMemo(() => {
    const options = toOptions(roles.data);
    if (user && !options.some((o) => o.value === String(user.roleId))) {
      options.push({ value: String(user.roleId), label: user.roleName });
    }
    return options;
  }, [roles.data, user]);

  const territoryOptions = useMemo(() => {
    const chosen = new Set(user?.territoryIds ?? []);
    return (lookups.data?.allOrganizationTerritories ?? [])
      .filter((t) => t.isActive || chosen.has(t.id))
      .map((t) => ({ value: String(t.id), label: t.isActive ? t.name : `${t.name} (inactive)` }));
  }, [lookups.data, user]);

  // Stores grouped by territory, so a page of them reads like the map of the organization.
  const territoryName = useMemo(() => {
    const names = new Map((lookups.data?.allOrganizationTerritories ?? []).map((t) => [t.id, t.name]));
    return (s: { organizationTerritoryId: number | null }) =>
      (s.organizationTerritoryId && names.get(s.organizationTerritoryId)) || "No territory";
  }, [lookups.data]);

  const timeZoneOptions = useMemo(
    () => (lookups.data?.timeZones ?? []).map((z) => ({ value: z.id, label: z.label })),
    [lookups.data],
  );

  const save = (values: UserFormValues) => {
    setGeneralError(null);
    const callbacks = {
      onSuccess: (saved: UserUpsertResponse) => {
        notifications.show({
          color: "teal",
          title: saved.invitationSent ? "Invitation sent" : undefined,
          message: saved.message,
        });
        setIcon(undefined);
        onSaved(saved);
      },
      onError: (err: ApiError) => {
        const { fieldErrors, other } = splitServerErrors(err, fieldOf);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    };
    if (retailerProgram) retailer.mutate(retailerRequestOf(values, user?.id), callbacks);
    else standard.mutate(requestOf(values, user?.id, icon), callbacks);
  };

  const submit = form.onSubmit((values) => {
    if (user?.isActive && !values.isActive) setConfirmDeactivate(true);
    else save(values);
  });

  const iconError = form.errors.captureIcon ? String(form.errors.captureIcon) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={user ? `Edit ${user.name}` : retailerProgram ? "New retailer-program user" : "New user"}
    >
      <Fieldset variant="unstyled" disabled={readOnly || mutation.isPending}>
        <Stack gap="md" pb="md">
          {generalError ? <FormError>{generalError}</FormError> : null}
          {!user ? (
            <Alert role="note" color="blue" variant="light" icon={<IconMailForward size={18} />}>
              We email them an invitation to join (open for 72 hours). They become a member when they accept;
              until then you see only what you type here, under pending invitations.
            </Alert>
          ) : null}
          {identityLocked ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              {user?.firstName} belongs to other organizations too: only they or a Super Admin can change
              their name, email, phone, languages, time zone or picture.
            </Alert>
          ) : null}

          <Text fw={600} fz="sm" c="dimmed" tt="uppercase">
            Person
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              required
              maxLength={60}
              autoComplete="off"
              data-autofocus
              disabled={identityLocked}
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label="Last name"
              required
              maxLength={60}
              autoComplete="off"
              disabled={identityLocked}
              {...form.getInputProps("lastName")}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            maxLength={200}
            autoComplete="off"
            description={user ? undefined : "The invitation goes to it; they sign in with it."}
            disabled={identityLocked}
            {...form.getInputProps("email")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DigitsInput
              label="Phone"
              description="Digits only, 10 to 15"
              maxLength={15}
              disabled={identityLocked}
              {...form.getInputProps("phone")}
            />
            {retailerProgram ? null : (
              <Select
                label="Time zone"
                description="Empty: the store's or organization's"
                placeholder="Organization default"
                data={timeZoneOptions}
                searchable
                clearable
                limit={60}
                nothingFoundMessage="No time zone matches"
                disabled={identityLocked}
                {...form.getInputProps("timeZone")}
              />
            )}
          </SimpleGrid>
          {retailerProgram ? null : (
            <MultiSelect
              label="Languages"
              placeholder="Languages they speak with shoppers"
              data={toOptions(lookups.data?.languageTypes)}
              searchable
              clearable
              disabled={identityLocked}
              {...form.getInputProps("languageIds")}
            />
          )}

          <Divider my={4} />
          <Text fw={600} fz="sm" c="dimmed" tt="uppercase">
            {retailerProgram ? "Retailer program portal" : "Work in this organization"}
          </Text>
          {retailerProgram ? (
            <Alert color="blue" variant="light" icon={<IconBuildingStore size={18} />}>
              {RETAILER_PROGRAM_SCOPE} They are the portal's Admin: no role, territories or stores to choose.
            </Alert>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Select
                  label="Role"
                  required
                  placeholder={roles.isPending ? "Loading roles…" : "Choose a role"}
                  data={roleOptions}
                  allowDeselect={false}
                  disabled={self}
                  description={self ? "You cannot change your own role" : undefined}
                  {...form.getInputProps("roleId")}
                />
                <Select
                  label="Hours type"
                  placeholder="Not set"
                  data={toOptions(lookups.data?.userHoursTypes)}
                  clearable
                  {...form.getInputProps("hoursTypeId")}
                />
              </SimpleGrid>
              <MultiSelect
                label="Territories"
                placeholder="Territories they work in"
                data={territoryOptions}
                searchable
                clearable
                nothingFoundMessage="No territory matches"
                {...form.getInputProps("territoryIds")}
              />
              <SearchMultiSelect
                endpoint={appApi.storeOptions}
                label="Stores"
                placeholder="Stores they work at"
                clearable
                nothingFoundMessage="No store matches"
                optionLabel={storeLabel}
                groupBy={territoryName}
                value={form.values.storeIds.map(Number)}
                onChange={(ids) => form.setFieldValue("storeIds", ids.map(String))}
                error={form.errors.storeIds}
              />
            </>
          )}
          {user ? (
            <Switch
              label="Active"
              description="Deactivating signs them out everywhere at once; their leads and hours stay."
              disabled={self}
              {...form.getInputProps("isActive", { type: "checkbox" })}
            />
          ) : null}

          {retailerProgram || !user ? null : (
            <>
              <Divider my={4} />
              <CaptureIconField
                userId={user?.id ?? null}
                hasIcon={!!user?.hasCaptureIcon}
                value={icon}
                onChange={(v) => {
                  setIcon(v);
                  form.clearFieldError("captureIcon");
                }}
                error={iconError}
                disabled={readOnly || identityLocked}
              />
            </>
          )}
        </Stack>
      </Fieldset>

      <FormFooter
        onCancel={onCancel}
        pending={mutation.isPending}
        readOnly={readOnly}
        submitLabel={user ? "Save" : "Send invitation"}
      />

      <ConfirmModal
        opened={confirmDeactivate}
        title="Deactivate this person?"
        confirmLabel="Deactivate"
        loading={mutation.isPending}
        onClose={() => setConfirmDeactivate(false)}
        onConfirm={() => {
          setConfirmDeactivate(false);
          save(form.getValues());
        }}
      >
        {user?.name} will be signed out on every device at once and will not be able to sign in to this
        organization. Their leads, hours and history stay. You can activate them again later.
      </ConfirmModal>
    </form>
  );
}
