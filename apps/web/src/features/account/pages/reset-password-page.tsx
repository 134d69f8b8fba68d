import { PASSWORD_MIN_LENGTH, passwordSchema, type ValidateLinkResponse } from "@fieldlead/contracts";
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconArrowLeft, IconClockX, IconLinkOff } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { landingPathFor } from "../../../app/landing";
import { FormError } from "../../../components/query-state";
import { session } from "../../../lib/session";
import { useResetPassword } from "../api/reset-password";
import { useValidateResetLink } from "../api/validate-reset-link";
import { AuthCard, AuthCardLoading } from "../components/auth-card";

const INVALID: Record<Exclude<ValidateLinkResponse["reason"], "ok">, { title: string; text: string }> = {
  expired: {
    title: "This link has expired",
    text: "Links to set a password work for a limited time. Ask for a new one and use it soon after it arrives.",
  },
  used: {
    title: "This link has already been used",
    text: "Each link works once. If you did not set your password with it, ask for a new link.",
  },
  unknown: {
    title: "This link is not valid",
    text: "The link may have been copied incompletely. Open it again from the email, or ask for a new one.",
  },
};

const backToSignIn = (
  <Anchor component={Link} to="/login" fz="sm">
    <IconArrowLeft size={14} style={{ verticalAlign: "-2px", marginRight: 4 }} aria-hidden />
    Back to sign in
  </Anchor>
);

export function ResetPasswordPage() {
  const { linkId = "" } = useParams();
  const validation = useValidateResetLink(linkId);

  if (validation.isPending) {
    return <AuthCardLoading title="Checking your link…" />;
  }

  if (validation.isError) {
    return (
      <AuthCard title="Could not check the link" footer={backToSignIn}>
        <FormError>{validation.error.message}</FormError>
        <Button variant="light" onClick={() => validation.refetch()}>
          Try again
        </Button>
      </AuthCard>
    );
  }

  const link = validation.data;
  if (!link.valid || link.reason !== "ok") {
    const reason = link.reason === "ok" ? "unknown" : link.reason;
    const info = INVALID[reason];
    return (
      <AuthCard title={info.title} footer={backToSignIn}>
        <Alert
          role="alert"
          color={reason === "expired" ? "orange" : "red"}
          variant="light"
          icon={reason === "expired" ? <IconClockX size={18} /> : <IconLinkOff size={18} />}
        >
          {info.text}
        </Alert>
        <Button component={Link} to="/forgot-password" fullWidth size="md">
          Ask for a new link
        </Button>
      </AuthCard>
    );
  }

  return <NewPasswordForm linkId={linkId} email={link.email} invite={link.purpose === "invite"} />;
}

type Values = { password: string; confirm: string };

function NewPasswordForm({
  linkId,
  email,
  invite,
}: {
  linkId: string;
  email: string | null;
  invite: boolean;
}) {
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const form = useForm<Values>({
    mode: "uncontrolled",
    initialValues: { password: "", confirm: "" },
    validateInputOnBlur: true,
    validate: {
      password: (v) => {
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? "Choose another password");
      },
      confirm: (v, values) => (v === values.password ? null : "The two passwords do not match"),
    },
  });

  const submit = form.onSubmit(({ password }) => {
    mutation.mutate(
      { linkId, password },
      {
        onSuccess: (user) => {
          session.set(user, email ?? undefined);
          navigate(landingPathFor(user), { replace: true });
        },
        onError: (err) => {
          const fieldErrors = err.formErrors();
          if (fieldErrors.password) form.setFieldError("password", fieldErrors.password);
        },
      },
    );
  });

  const linkProblem = mutation.error && !mutation.error.fieldError("password") ? mutation.error : null;

  return (
    <AuthCard
      title={invite ? "Set your password" : "Choose a new password"}
      subtitle={
        invite ? (
          <>
            Welcome to FieldLead{email ? <>, {email}</> : null}! Choose a password to finish setting up your
            account.
          </>
        ) : (
          <>Choose a new password{email ? <> for {email}</> : null}. You will be signed in right after.</>
        )
      }
      footer={backToSignIn}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {linkProblem ? (
            <FormError>
              {linkProblem.message}{" "}
              <Anchor component={Link} to="/forgot-password" fz="sm">
                Ask for a new link
              </Anchor>
            </FormError>
          ) : null}
          {email ? (
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          ) : null}
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            autoFocus
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
          <Text fz="xs" c="dimmed">
            A longer passphrase is easier to remember and harder to guess than a short, complex password.
          </Text>
          <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
            {invite ? "Set password and sign in" : "Save password and sign in"}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
