// `npm run db:provision` (compose's `provision` service, the k8s `db-provision` Job): creates each
// service's role and schema from DATABASE_ADMIN_URL and <SERVICE>_DATABASE_URL, and moves an
// earlier shared schema's tables to their owners. The services then migrate their own schemas.
import { DATABASE_OWNERS, type DatabaseOwner } from '../service-database.js';
import { provisionServiceDatabases } from '../provisioning/provision-service-databases.js';

const variable = (owner: DatabaseOwner) => `${owner.toUpperCase()}_DATABASE_URL`;
const missing = ['DATABASE_ADMIN_URL', ...DATABASE_OWNERS.map(variable)].filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`provision: set ${missing.join(', ')}`);
  process.exit(2);
}
try {
  const report = await provisionServiceDatabases({
    adminUrl: process.env.DATABASE_ADMIN_URL as string,
    serviceUrls: Object.fromEntries(DATABASE_OWNERS.map((owner) => [owner, process.env[variable(owner)]])) as Record<
      DatabaseOwner,
      string
    >,
  });
  console.log(
    JSON.stringify({
      msg: 'database provisioned',
      database: report.database,
      roles: report.roles,
      sharedSchemaMove: report.sharedSchemaMove,
    }),
  );
} catch (error) {
  console.error(`provision: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
