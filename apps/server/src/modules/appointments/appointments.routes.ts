import { appointmentsApi } from "@fieldlead/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { tenant } from "../../platform/auth/auth.plugin";
import { sendExport } from "../../platform/export";
import { idempotencyKeyOf } from "../../platform/idempotency";
import { type Routes, route } from "../../platform/routes";
import { type AppointmentsService, WindowTaken } from "./appointments.service";

/**
 * A lost race answers 409 as every problem does (platform/error-handler.ts) and adds `nextWindows`: the next free
 * windows of the type for the same place, so the screen offers them at once. Shared with the QR page's entry
 * (modules/qr-codes), which books through the same path.
 */
export async function orTaken<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof WindowTaken)) throw err;
    return reply.status(409).type("application/problem+json").send({
      type: "https://httpstatuses.io/409",
      title: "Conflict",
      status: 409,
      message: err.message,
      code: err.code,
      errors: err.errors,
      nextWindows: err.nextWindows,
      requestId: req.id,
    });
  }
}

/** `/api/appointments/...` (availability, booking, moves, cancels, the list) and a lead's appointments. */
export function appointmentsRoutes(svc: AppointmentsService): Routes {
  return (app) => {
    route(app, appointmentsApi.available, (req) => svc.available(tenant(req), req.body));
    route(app, appointmentsApi.book, (req, reply) =>
      orTaken(req, reply, async () => {
        const booked = await svc.book(tenant(req), req.body, idempotencyKeyOf(req.headers));
        reply.status(201);
        return booked;
      }),
    );
    route(app, appointmentsApi.move, (req, reply) =>
      orTaken(req, reply, () => svc.move(tenant(req), req.params.id, req.body)),
    );
    route(app, appointmentsApi.cancel, (req) => svc.cancel(tenant(req), req.params.id, req.body));
    route(app, appointmentsApi.leadAppointments, (req) => svc.ofLead(tenant(req), req.params.id));
    route(app, appointmentsApi.search, async (req, reply) => {
      const result = await svc.search(tenant(req), req.body);
      // A CSV or XLSX export streams as an attachment (the JSON answer schema does not apply to it).
      if (result.kind === "page") return result.page;
      return sendExport(reply, result);
    });
  };
}
