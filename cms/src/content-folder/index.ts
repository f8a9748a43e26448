/** Content folders: `npm run content:export` / `content:import`, and the demo content loaded at first boot. */
export { exportFolder } from './export';
export { importFolder } from './import';
