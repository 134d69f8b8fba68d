export { type QrCodesRepository, qrCodesRepository } from "./qr-codes.repository";
export { qrCodesRoutes } from "./qr-codes.routes";
export { type QrCodesService, qrCodesService } from "./qr-codes.service";
export { signFormToken } from "./qr-form-token";
export { type QrPublicService, qrPublicService } from "./qr-public.service";
