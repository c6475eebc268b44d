import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/**
 * Query parameters read one by one (`@Query('name')`), which @nestjs/swagger would document as
 * required: each as it is, optional unless said.
 */
export const ApiOptionalQuery = (name: string, description: string, type: 'string' | 'integer' = 'string') =>
  ApiQuery({ name, required: false, description, schema: { type } });

/** `customerId` or `platformCustomerId`: the customer a read is for. */
export const ApiCustomerQuery = (what: string) =>
  applyDecorators(
    ApiOptionalQuery('customerId', `The customer's internal id (${what})`),
    ApiOptionalQuery('platformCustomerId', `The customer's platform id (${what})`),
  );
