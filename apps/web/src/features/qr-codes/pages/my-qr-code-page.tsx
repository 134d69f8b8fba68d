import { isLeadGeneratorRole, type QrCodeItem } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Button, Card, EmptyState, Skeleton, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconQrcode } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { useCan } from "../../../lib/can";
import { optionPageBody, optionPageQuery } from "../../../lib/option-search";
import { useSession } from "../../../lib/session";
import { useMyQrCodes } from "../api/search-qr-codes";
import { qrRequestOf, useUpsertQrCode } from "../api/upsert-qr-code";
import { FullScreenCode } from "../components/full-screen-code";
import { QrCodeForm } from "../components/qr-code-form";
import { type MyCodeState, returnFocusToMyCode } from "../components/return-focus";

/** The code to show: the one of the group in the address, else the first that works, else the first. */
function chosenCode(codes: readonly QrCodeItem[], group: string | null): QrCodeItem | undefined {
  return (
    (group !== null ? codes.find((c) => String(c.group) === group) : undefined) ??
    codes.find((c) => c.isLive) ??
    codes[0]
  );
}

/**
 * The first store of a lead generator's new code: their only store, else the only one of their own stores
 * (the store search lists those first, as on the capture form).
 */
function useFirstStore(enabled: boolean) {
  const first = useQuery({ ...optionPageQuery(appApi.storeOptions, optionPageBody()), enabled });
  const items = first.data?.items ?? [];
  const own = items.filter((s) => s.mine);
  const storeId = first.data?.total === 1 ? items[0]?.id : own.length === 1 ? own[0].id : undefined;
  return { pending: enabled && first.isPending, storeId: storeId ?? null };
}

/**
 * `/qr-codes/mine`: a lead generator's own code, full screen, to show a shopper across a counter; with no code
 * yet, a short form to create it.
 */
export function MyQrCodePage() {
  const me = useSession();
  const canEdit = useCan()("qrCodes.edit");
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const leadGenerator = !!me && isLeadGeneratorRole(me.roleId);
  const query = useMyQrCodes(leadGenerator && me ? me.userId : null);
  const codes = query.data?.items ?? [];
  const code = chosenCode(codes, params.get("group"));
  const firstStore = useFirstStore(leadGenerator && canEdit && query.isSuccess && codes.length === 0);
  const upsert = useUpsertQrCode();

  const back = () => {
    if ((location.state as MyCodeState)?.fromList) {
      returnFocusToMyCode();
      navigate(-1);
    } else navigate("/qr-codes");
  };
  const choose = (c: QrCodeItem) => setParams({ group: String(c.group) }, { replace: true });

  if (!leadGenerator)
    return (
      <>
        <PageHeader title="My QR code" />
        <Card withBorder radius="lg" py={48} px="lg">
          <EmptyState variant="light" icon={<IconQrcode size={26} stroke={1.6} aria-hidden />}>
            <EmptyState.Title order={2}>Codes belong to lead generators</EmptyState.Title>
            <EmptyState.Description>
              Each lead generator shows their own code here. Find, show and print theirs on the QR codes page.
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button component={Link} to="/qr-codes">
                Go to QR codes
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      </>
    );

  if (query.isError)
    return (
      <>
        <PageHeader title="My QR code" />
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );

  if (query.isPending || firstStore.pending)
    return (
      <>
        <PageHeader title="My QR code" />
        <Stack gap="md" align="center" aria-busy="true" aria-label="Loading your code">
          <Skeleton height={28} width="70%" maw={420} />
          <Skeleton height={320} width={320} maw="100%" />
          <Skeleton height={22} width="40%" maw={240} />
        </Stack>
      </>
    );

  if (!code)
    return (
      <>
        <PageHeader
          title="My QR code"
          description="Create your code: shoppers who scan it book an appointment themselves, credited to you."
        />
        <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }} maw={560}>
          {canEdit && me ? (
            <QrCodeForm
              code={null}
              short
              ownUserId={me.userId}
              initial={{ storeId: firstStore.storeId }}
              onCancel={back}
              onSaved={(saved) => choose(saved)}
            />
          ) : (
            <Text fz="sm">You have no code yet. Ask your manager to create one for you.</Text>
          )}
        </Card>
      </>
    );

  return (
    <FullScreenCode
      code={code}
      codes={codes}
      onChoose={choose}
      onDone={back}
      turningOn={upsert.isPending}
      onTurnOn={
        canEdit
          ? () =>
              upsert.mutate(qrRequestOf(code, { isActive: true }), {
                onError: (err) =>
                  notifications.show({
                    color: "red",
                    title: "Could not turn it on",
                    message: errorMessage(err),
                  }),
              })
          : undefined
      }
    />
  );
}
