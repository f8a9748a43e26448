import { factories } from '@strapi/strapi';
import { createContractActions } from '../../../contract/actions';
import { teamMember } from '../../../contract/definitions';

// Strapi's core actions plus the product spec's /api/team-member contract (routes/01-custom-team-member.ts).
export default factories.createCoreController('api::team-member.team-member', () => createContractActions(teamMember));
