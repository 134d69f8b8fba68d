import type { LeadDetail } from "@fieldlead/contracts";
import { Alert, Anchor, Badge, Blockquote, Divider, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCopy, IconMail, IconPhone } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/dates";
import { LeadHistory, LeadNoteForm } from "./lead-history";
import {
  destinationName,
  formatPhone,
  type LeadNames,
  reasonName,
  sourceName,
  storeTime,
  zoneAbbreviation,
} from "./lead-names";

/** The `tel:` address of a stored phone: its digits, with the US country code for a 10-digit number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${digits}`;
}

/** The `mailto:` address of an email: `?`, `#` or `%` in its local part cannot start a query or a fragment. */
export const mailtoHref = (email: string) => `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}`;

/** A contact link a thumb can hit (at least 24 px tall, WCAG 2.5.8) with its icon. */
function ContactLink({
  href,
  label,
  icon,
  children,
}: {
  href: string;
  label: string;
  icon: ReactNode;
  children: string;
}) {
  return (
    <Anchor
      href={href}
      aria-label={label}
      fz="sm"
      style={{
        display: "inline-flex",
        alignItems: "center",
        gap: 6,
        minHeight: 32,
        overflowWrap: "anywhere",
      }}
    >
      {icon}
      <span>{children}</span>
    </Anchor>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm" c={empty ? "dimmed" : undefined} style={{ overflowWrap: "anywhere" }} component="div">
        {empty ? "—" : children}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: "0.04em" }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Everything about a lead: contact, where and when, answers, consents and its history. */
export function LeadDetails({
  lead,
  names,
  onOpenLead,
}: {
  lead: LeadDetail;
  names: LeadNames;
  onOpenLead: (id: number) => void;
}) {
  const zone = lead.timeZone;
  const place = [lead.city, [lead.state, lead.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const program = lead.source === "retailerProgram" || lead.source === "secondPartner";
  return (
    <Stack gap="lg">
      {lead.duplicateOf ? (
        <Alert color="orange" variant="light" icon={<IconCopy size={18} />} title="Duplicate">
          Same {lead.duplicateOf.matchedOn.join(" and ")} as{" "}
          {lead.duplicateOf.visible ? (
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => onOpenLead(lead.duplicateOf!.leadId)}
            >
              lead #{lead.duplicateOf.leadId}
            </Anchor>
          ) : (
            `lead #${lead.duplicateOf.leadId}`
          )}
          , captured {lead.duplicateOf.capturedAtLocal}
          {lead.duplicateOf.storeName ? ` at ${lead.duplicateOf.storeName}` : ""}.
        </Alert>
      ) : null}

      <Section title="Contact">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Field label="Phone">
            {lead.phone ? (
              <ContactLink
                href={telHref(lead.phone)}
                label={`Call ${formatPhone(lead.phone)}`}
                icon={<IconPhone size={16} aria-hidden />}
              >
                {formatPhone(lead.phone)}
              </ContactLink>
            ) : null}
          </Field>
          <Field label="Email">
            {lead.email ? (
              <ContactLink
                href={mailtoHref(lead.email)}
                label={`Email ${lead.email}`}
                icon={<IconMail size={16} aria-hidden />}
              >
                {lead.email}
              </ContactLink>
            ) : null}
          </Field>
          <Field label="Address">
            {lead.address || place ? (
              <>
                {lead.address}
                {lead.address && place ? <br /> : null}
                {place}
              </>
            ) : null}
          </Field>
          <Field label="Language">{names.language(lead.languageId)}</Field>
        </SimpleGrid>
      </Section>

      <Divider />
      <Section title="Lead">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <Field label="Captured">{storeTime(lead.capturedAtLocal, zone, lead.capturedAt)}</Field>
          <Field label="Source">{sourceName(lead.source)}</Field>
          <Field label="Service type">{lead.serviceTypeName}</Field>
          <Field label="Store">{lead.storeName}</Field>
          <Field label="Territory">{lead.territoryName}</Field>
          <Field label="Lead generator">{lead.leadGeneratorName}</Field>
          {lead.rejectionReason ? (
            <Field label="Rejected because">{reasonName(lead.rejectionReason)}</Field>
          ) : null}
          {lead.revenue !== null ? (
            <Field label="Revenue">
              {lead.revenue.toLocaleString("en-US", { style: "currency", currency: "USD" })}
            </Field>
          ) : null}
          {program && lead.source === "retailerProgram" ? (
            <>
              <Field label="Program group">{names.program("hdsfiGroup", lead.hdsfiGroupId)}</Field>
              <Field label="Job type">{names.program("hdJobType", lead.hdJobTypeId)}</Field>
            </>
          ) : null}
          {program && lead.source === "secondPartner" ? (
            <>
              <Field label="Service">{names.program("centahServiceId", lead.centahServiceId)}</Field>
              <Field label="Ad code">{names.program("centahAdCode", lead.centahAdCodeId)}</Field>
            </>
          ) : null}
          {program ? <Field label="Program reference">{lead.externalReference}</Field> : null}
          {lead.duplicates.length ? (
            <Field label="Later duplicates">
              {lead.duplicates.map((d, i) => (
                <span key={d.leadId}>
                  {i ? ", " : ""}
                  {d.visible ? (
                    <Anchor component="button" type="button" fz="sm" onClick={() => onOpenLead(d.leadId)}>
                      #{d.leadId}
                    </Anchor>
                  ) : (
                    `#${d.leadId}`
                  )}
                </span>
              ))}
            </Field>
          ) : null}
        </SimpleGrid>
        {lead.notes ? <Field label="Notes">{lead.notes}</Field> : null}
      </Section>

      <Divider />
      <Section title="Answers">
        {lead.answers.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            {lead.answers.map((a) => (
              <Field key={a.questionId} label={a.questionText}>
                {a.display}
              </Field>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed" fz="sm">
            No answers.
          </Text>
        )}
      </Section>

      <Divider />
      <Section title="Consent">
        {lead.consents.length ? (
          <Stack gap="sm">
            {lead.consents.map((c) => (
              <Stack key={c.destination} gap={4}>
                {/* A div: the badge is a block element, which a paragraph may not hold. */}
                <Text fz="sm" component="div">
                  <Badge color="teal" variant="light" c="dark.7" mr={6}>
                    Accepted
                  </Badge>
                  <b>{destinationName(c.destination)}</b>{" "}
                  <Text span c="dimmed" fz="xs">
                    {formatDateTime(c.acceptedAt, zone)} {zoneAbbreviation(zone, c.acceptedAt)}
                  </Text>
                </Text>
                <Blockquote p="xs" fz="xs" color="gray" radius="sm" style={{ fontStyle: "normal" }}>
                  {c.disclosureText}
                </Blockquote>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed" fz="sm">
            No consent recorded.
          </Text>
        )}
      </Section>

      <Divider />
      <Section title={`History (${lead.history.length})`}>
        {lead.canEdit ? <LeadNoteForm key={lead.id} leadId={lead.id} /> : null}
        <LeadHistory history={lead.history} timeZone={zone} names={names} />
      </Section>
    </Stack>
  );
}
