import { factories } from '@strapi/strapi';
import { createContractActions } from '../../../contract/actions';
import { donationMethod } from '../../../contract/definitions';

// Strapi's core actions plus the contract's /api/donation-method (routes/01-custom-donation-method.ts).
export default factories.createCoreController('api::donation-method.donation-method', () => createContractActions(donationMethod));
