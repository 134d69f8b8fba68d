import { Radio, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { DigitsInput } from "../../../components/digits-input";
import type { FormValues } from "./destination-values";

type Form = UseFormReturnType<FormValues>;

const PRIORITIES = ["Low", "Normal", "High", "Urgent"];

/** The ServiceTitan connection, how leads arrive there (booking or job), and the ids used by default. */
export function CrmFields({ form }: { form: Form }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="API address"
          placeholder="https://api.servicetitan.io"
          required
          maxLength={500}
          {...form.getInputProps("settings.apiUrl")}
        />
        <TextInput
          label="Sign-in address"
          placeholder="https://auth.servicetitan.io"
          required
          maxLength={500}
          {...form.getInputProps("settings.authUrl")}
        />
        <DigitsInput
          label="Tenant id"
          inputMode="numeric"
          required
          maxLength={18}
          {...form.getInputProps("settings.tenantId")}
        />
        <TextInput label="Client id" required maxLength={200} {...form.getInputProps("settings.clientId")} />
        <TextInput label="App key" required maxLength={200} {...form.getInputProps("settings.appKey")} />
      </SimpleGrid>

      <Radio.Group label="How leads arrive" {...form.getInputProps("settings.mode")}>
        <Stack gap="xs" mt={6}>
          <Radio value="booking" label="Booking" description="A booking your CSRs accept in ServiceTitan" />
          <Radio
            value="job"
            label="Job"
            description="Customer, location and job straight onto the dispatch board"
          />
        </Stack>
      </Radio.Group>

      <Title order={3} fz="sm">
        Defaults
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DigitsInput
          label="Booking provider id"
          description="The booking provider your bookings come from"
          inputMode="numeric"
          maxLength={18}
          {...form.getInputProps("settings.bookingProviderId")}
        />
        <DigitsInput
          label="Campaign id"
          description="The campaign leads are counted under"
          inputMode="numeric"
          maxLength={18}
          {...form.getInputProps("settings.campaignId")}
        />
        <DigitsInput
          label="Business unit id"
          description="When the appointment type has none"
          inputMode="numeric"
          maxLength={18}
          {...form.getInputProps("settings.businessUnitId")}
        />
        <DigitsInput
          label="Job type id"
          description="When the appointment type has none"
          inputMode="numeric"
          maxLength={18}
          {...form.getInputProps("settings.jobTypeId")}
        />
        <Select
          label="Priority"
          data={PRIORITIES}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("settings.priority")}
        />
      </SimpleGrid>
    </Stack>
  );
}
