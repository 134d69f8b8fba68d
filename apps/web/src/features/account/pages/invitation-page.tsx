import { type InvitationLinkResponse, PASSWORD_MIN_LENGTH, passwordSchema } from "@fieldlead/contracts";
import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconArrowLeft, IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { landingPathFor } from "../../../app/landing";
import { FormError } from "../../../components/query-state";
import { session } from "../../../lib/session";
import { useAcceptInvitationLink, useDeclineInvitationLink, useInvitationLink } from "../api/invitations";
import { AuthCard, AuthCardLoading } from "../components/auth-card";

const backToSignIn = (
  <Anchor component={Link} to="/login" fz="sm">
    <IconArrowLeft size={14} style={{ verticalAlign: "-2px", marginRight: 4 }} aria-hidden />
    Go to sign in
  </Anchor>
);

const article = (word: string) => (/^[AEIOU]/.test(word) ? "an" : "a");

/** `/invitations/:token`: the emailed invitation to join an organization, accepted or declined here. */
export function InvitationPage() {
  const { token = "" } = useParams();
  const link = useInvitationLink(token);
  const [declined, setDeclined] = useState<string | null>(null);

  if (declined) {
    return (
      <AuthCard title="Invitation declined" footer={backToSignIn}>
        <Alert color="gray" variant="light" icon={<IconCircleCheck size={18} />}>
          You did not join {declined}. They see only that the invitation is no longer pending.
        </Alert>
      </AuthCard>
    );
  }
  if (link.isPending) {
    return <AuthCardLoading title="Opening your invitation…" />;
  }
  if (link.isError) {
    return (
      <AuthCard title="Could not open the invitation" footer={backToSignIn}>
        <FormError>{link.error.message}</FormError>
        <Button variant="light" onClick={() => link.refetch()}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (!link.data.valid) {
    return (
      <AuthCard title="This invitation is no longer open" footer={backToSignIn}>
        <Alert role="alert" color="orange" variant="light" icon={<IconLinkOff size={18} />}>
          It was accepted, declined or cancelled, or its 72 hours have passed. Ask the organization to invite
          you again.
        </Alert>
      </AuthCard>
    );
  }
  return <Decide token={token} invitation={link.data} onDeclined={setDeclined} />;
}

type Values = { firstName: string; lastName: string; password: string; confirm: string };

function Decide({
  token,
  invitation,
  onDeclined,
}: {
  token: string;
  invitation: InvitationLinkResponse;
  onDeclined: (organizationName: string) => void;
}) {
  const navigate = useNavigate();
  const accept = useAcceptInvitationLink(token);
  const decline = useDeclineInvitationLink(token);
  const existing = invitation.hasAccount;
  const org = invitation.organizationName ?? "the organization";
  const role = invitation.roleName ?? "member";
  const form = useForm<Values>({
    mode: "uncontrolled",
    initialValues: {
      firstName: invitation.firstName ?? "",
      lastName: invitation.lastName ?? "",
      password: "",
      confirm: "",
    },
    validate: {
      firstName: (v) => (existing || v.trim() ? null : "Enter your first name"),
      lastName: (v) => (existing || v.trim() ? null : "Enter your last name"),
      password: (v) => {
        if (existing) return v ? null : "Enter your password";
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? "Choose another password");
      },
      confirm: (v, values) => (existing || v === values.password ? null : "The two passwords do not match"),
    },
  });

  const submit = form.onSubmit((values) => {
    accept.mutate(
      existing
        ? { password: values.password }
        : { password: values.password, firstName: values.firstName, lastName: values.lastName },
      {
        onSuccess: (user) => {
          session.set(user, invitation.email ?? undefined);
          navigate(landingPathFor(user), { replace: true });
        },
        onError: (err) => form.setErrors(err.formErrors()),
      },
    );
  });
  const problem = accept.error && Object.keys(accept.error.formErrors()).length === 0 ? accept.error : null;

  return (
    <AuthCard
      title={`Join ${org}`}
      subtitle={
        <>
          {invitation.invitedBy} invited <b>{invitation.email}</b> to join {org} as {article(role)} {role}.{" "}
          {existing
            ? "Sign in with your FieldLead password to accept: your name, phone and other organizations stay yours."
            : "Choose your name and a password to accept."}
        </>
      }
      footer={backToSignIn}
    >
      <form onSubmit={submit} noValidate aria-label={`Invitation to join ${org}`}>
        <Stack gap="md">
          {problem ? <FormError>{problem.message}</FormError> : null}
          {decline.error ? <FormError>{decline.error.message}</FormError> : null}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={invitation.email ?? ""}
            readOnly
            hidden
          />
          {existing ? (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              autoFocus
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  label="First name"
                  required
                  maxLength={60}
                  autoComplete="given-name"
                  key={form.key("firstName")}
                  {...form.getInputProps("firstName")}
                />
                <TextInput
                  label="Last name"
                  required
                  maxLength={60}
                  autoComplete="family-name"
                  key={form.key("lastName")}
                  {...form.getInputProps("lastName")}
                />
              </SimpleGrid>
              <PasswordInput
                label="New password"
                description={`At least ${PASSWORD_MIN_LENGTH} characters`}
                autoComplete="new-password"
                required
                key={form.key("password")}
                {...form.getInputProps("password")}
              />
              <PasswordInput
                label="Confirm the password"
                autoComplete="new-password"
                required
                key={form.key("confirm")}
                {...form.getInputProps("confirm")}
              />
            </>
          )}
          <Button type="submit" fullWidth size="md" loading={accept.isPending} disabled={decline.isPending}>
            Accept and join
          </Button>
          <Button
            variant="default"
            fullWidth
            loading={decline.isPending}
            disabled={accept.isPending}
            onClick={() => decline.mutate(undefined, { onSuccess: () => onDeclined(org) })}
          >
            Decline
          </Button>
          {existing ? (
            <Anchor component={Link} to="/forgot-password" fz="sm" ta="center">
              Forgot your password?
            </Anchor>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}
