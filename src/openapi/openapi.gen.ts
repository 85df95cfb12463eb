// Generated from spec/petstore.openapi.yaml by `npm run generate`. Do not edit.
export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List animals
         * @description Lists animals. Response is a paginated list of animals; paging metadata and parameters other than
         *     `limit` are not shown by the source document.
         *
         *     Our choice: pets are returned in ascending `id` order, so the first page is stable.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Adds an animal; the service assigns `id`.
         *
         *     Our choice: fields not in NewPet are ignored; when `status` is omitted the pet is recorded as
         *     `available`; the 201 carries a `Location` header with the pet's URL.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one animal (deprecated)
         * @deprecated
         * @description Returns one animal. Deprecated: scheduled for removal on 5 December 2030. The replacement is
         *     GET /pets with the status filter.
         *
         *     Our choice: responses carry `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to the
         *     replacement; after the sunset date the operation answers 410 Gone.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message (quickstart)
         * @description Sends a message. The response status field may show that the message was only queued; callers
         *     check `status` to tell.
         *
         *     Our choice: success is 202 Accepted, since the message is accepted but not yet processed
         *     (`status: queued`). The seed does not state the success code.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Availability status.
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /** @description Request body for creating an animal. */
        NewPet: {
            /** @description The animal's name. */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to.
             */
            categoryId: number | bigint;
            status?: components["schemas"]["PetStatus"];
        };
        /** @description Response representation of an animal. All NewPet fields plus id. */
        Pet: components["schemas"]["NewPet"] & {
            /**
             * Format: int64
             * @description Unique identifier, assigned by the service on creation.
             */
            id: number | bigint;
        };
        Pets: components["schemas"]["Pet"][];
        /** @description Body of error responses. */
        Error: {
            /**
             * @description Machine-readable error code. The set of values is not shown by the source document.
             *     Our choice of values is listed in `x-petstore-kit-codes`; clients must not rely on them.
             */
            code: string;
            /** @description Human-readable description. */
            message: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description Our choice. Every validation issue found, each with its location. */
            issues?: components["schemas"]["Issue"][];
        };
        /** @description Our choice. One validation issue of a request. */
        Issue: {
            /** @enum {string} */
            in: "path" | "query" | "header" | "body";
            /** @description JSON Pointer (RFC 6901) into the body, or the parameter name. */
            pointer: string;
            message: string;
        };
        /** @description Request body of the quickstart message operation. */
        MessageRequest: {
            /** @description Text sent. */
            message: string;
        };
        /**
         * @description The quickstart message. The seed lists the fields without marking which are required; our choice
         *     is that all four are present in a response.
         */
        Message: {
            /** @description Identifier of the message, assigned by the service. */
            id: string;
            /** @description Text sent. */
            message: string;
            /**
             * @description Processing status. The value queued is shown (accepted but not yet processed); other values are not listed.
             * @example queued
             */
            status: string;
            /**
             * Format: date-time
             * @description Timestamp in ISO 8601 UTC format.
             */
            createdAt: string;
        };
    };
    responses: {
        /** @description The request is invalid; `message` names the offending field. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid API key. */
        Unauthorized: {
            headers: {
                /** @description Our choice (RFC 9110 section 11.6.1). Always `Bearer` with a realm. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Our choice. The request body is over the 1 MiB limit (`x-max-body-bytes`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Our choice (RFC 9745). The date the operation was deprecated, as a structured-field date. */
        Deprecation: string;
        /** @description Our choice (RFC 8594). The removal date of the operation. */
        Sunset: string;
        /** @description Our choice (RFC 8288). Points to the replacement, GET /pets, with rel="successor-version". */
        Link: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of animals returned. Default 20, minimum 1, maximum 100.
                 *
                 *     Our choice: a value outside 1..100 or not an integer, and a repeated `limit`, are answered
                 *     with 400 and the Error body (the seed states the bounds, not the response to a breach).
                 */
                limit?: number;
                /**
                 * @description Filters by availability. Our choice: a value outside the enumeration (including another letter
                 *     case) or a repeated `status` gives 400.
                 */
                status?: components["schemas"]["PetStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A list of animals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description Animal added; the service assigns id. */
            201: {
                headers: {
                    /** @description Our choice. URL of the created pet. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The identifier of the animal. Our choice: a value that is not an exact int64 integer gives 400. */
                petId: number | bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Animal found. */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No such animal. */
            404: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Our choice. The operation has passed its sunset date (2030-12-05) and is gone. */
            410: {
                headers: {
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageRequest"];
            };
        };
        responses: {
            /** @description Our choice of success code. The message, accepted and queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Invalid JSON, message field missing, or the Content-Type header not application/json. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
        };
    };
}
