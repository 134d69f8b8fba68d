export { adminRoutes } from "./admin.routes";
export { type AdminService, adminService } from "./admin.service";
export { featuresRepository } from "./features.repository";
