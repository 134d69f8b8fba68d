import type { LoginRequest } from "@fieldlead/contracts";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { isEmail, isNotEmpty, useForm } from "@mantine/form";
import { IconAlertCircle, IconLock } from "@tabler/icons-react";
import { useRef } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { landingPathFor } from "../../../app/landing";
import { NEXT_PARAM, safeNextPath } from "../../../lib/api-client";
import { session, useSession } from "../../../lib/session";
import { useLogin } from "../api/login";
import { AuthCard } from "../components/auth-card";

export function LoginPage() {
  const user = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get(NEXT_PARAM));
  const loginMutation = useLogin();
  const passwordRef = useRef<HTMLInputElement>(null);
  const justSignedIn = useRef(false);
  const form = useForm<LoginRequest>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    // The sign-in screen loads no schema library (docs/decisions/0029): the two checks a person can act on here,
    // in the words of the server's own (loginRequest), which answers anything else.
    validate: {
      email: (v) =>
        isNotEmpty("Enter your email")(v.trim()) ?? isEmail("Enter a valid email address")(v.trim()),
      password: isNotEmpty("Enter your password"),
    },
  });

  if (user && !justSignedIn.current) return <Navigate to={next ?? landingPathFor(user)} replace />;

  const submit = form.onSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: (signedIn) => {
        justSignedIn.current = true;
        session.set(signedIn, values.email);
        navigate(next ?? landingPathFor(signedIn), { replace: true });
      },
      onError: (err) => {
        if (Object.keys(err.errors).length) form.setErrors(err.formErrors());
        form.setFieldValue("password", "");
        passwordRef.current?.focus();
      },
    });
  });

  const error = loginMutation.error;
  const locked = error?.status === 429;

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your FieldLead account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert
              role="alert"
              color={locked ? "orange" : "red"}
              variant="light"
              title={locked ? "Account temporarily locked" : "Could not sign in"}
              icon={locked ? <IconLock size={18} /> : <IconAlertCircle size={18} />}
            >
              {error.message}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            required
            data-autofocus
            autoFocus
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              ref={passwordRef}
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot-password" fz="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" loading={loginMutation.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
