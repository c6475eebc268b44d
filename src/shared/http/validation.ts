import { ValidationError, ValidationPipe } from '@nestjs/common';
import { because } from '../domain/domain-error';

function firstProblem(errors: ValidationError[], prefix = ''): { field: string; message: string } | null {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const [message] = Object.values(error.constraints);
      return { field, message };
    }
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/**
 * DTO validation at the edge. Unknown fields are dropped; the first problem becomes a 400
 * BAD_REQUEST whose message starts with the field's name.
 */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => {
      const problem = firstProblem(errors) ?? { field: 'body', message: 'body is invalid' };
      return because.badRequest(problem.message, { field: problem.field });
    },
  });
}
