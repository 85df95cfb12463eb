// Generated from spec/petstore.openapi.yaml by `npm run generate`. Do not edit.
import type { OpenApiDocument } from './openapi-document.ts';

export const document: OpenApiDocument = {
  "openapi": "3.0.3",
  "info": {
    "title": "Pet Store",
    "version": "1.0.0",
    "description": "HTTP and JSON pet store inventory interface. Clients list animals, add an animal, and read a single\nanimal by identifier. All requests and responses use JSON (application/json) and every operation\nrequires the bearer credential.\n\nNot shown by the source document, and therefore not described here: operations and payloads of the\nother tag groups (the store group with its orders listing), which operations carry a stability marker\n(experimental or beta) or hide the interactive test panel, rate limits, quotas, size limits, events\nand webhooks, pagination other than `limit`, category records, and message status transitions.\n",
    "x-petstore-kit-choices": [
      "Every error response, including ones for routes and methods outside this document, uses the Error schema with `status` equal to the HTTP status.",
      "Requests that do not match a path of this document get 404; a known path with another method gets 405 with an `Allow` header.",
      "Request bodies over 1 MiB get 413.",
      "Integers declared as int64 must be exact in JSON, so values beyond 2^53 - 1 are rejected with 400."
    ]
  },
  "servers": [
    {
      "url": "https://{base_url}/v1",
      "description": "Production. The seed names the address only as the placeholder {base_url}; it ends with /v1.",
      "variables": {
        "base_url": {
          "default": "api.petstore.example",
          "description": "Our choice of placeholder host; the seed does not show the production address."
        }
      }
    },
    {
      "url": "https://{staging_base_url}/v1",
      "description": "Staging. The seed names the address only as the placeholder {staging_base_url}; it ends with /v1.",
      "variables": {
        "staging_base_url": {
          "default": "staging.api.petstore.example",
          "description": "Our choice of placeholder host; the seed does not show the staging address."
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "animals",
      "description": "Listing, adding and reading animals. The only tag whose operations are shown."
    },
    {
      "name": "store",
      "description": "The store group, which includes an orders listing (GET /store/orders). Its operations and payloads\nare not shown by the source document, so no operation of this group is described here.\n",
      "x-not-shown-operations": [
        "GET /store/orders"
      ]
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "tags": [
          "animals"
        ],
        "summary": "List animals",
        "description": "Lists animals. Response is a paginated list of animals; paging metadata and parameters other than\n`limit` are not shown by the source document.\n\nOur choice: pets are returned in ascending `id` order, so the first page is stable.\n",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Maximum number of animals returned. Default 20, minimum 1, maximum 100.\n\nOur choice: a value outside 1..100 or not an integer, and a repeated `limit`, are answered\nwith 400 and the Error body (the seed states the bounds, not the response to a breach).\n",
            "x-petstore-kit-choice": "Out-of-range, non-integer or repeated limit gives 400.",
            "schema": {
              "type": "integer",
              "format": "int32",
              "minimum": 1,
              "maximum": 100,
              "default": 20
            }
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "description": "Filters by availability. Our choice: a value outside the enumeration (including another letter\ncase) or a repeated `status` gives 400.\n",
            "schema": {
              "$ref": "#/components/schemas/PetStatus"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A list of animals.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pets"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          }
        }
      },
      "post": {
        "operationId": "createPet",
        "tags": [
          "animals"
        ],
        "summary": "Add an animal",
        "description": "Adds an animal; the service assigns `id`.\n\nOur choice: fields not in NewPet are ignored; when `status` is omitted the pet is recorded as\n`available`; the 201 carries a `Location` header with the pet's URL.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPet"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Animal added; the service assigns id.",
            "headers": {
              "Location": {
                "description": "Our choice. URL of the created pet.",
                "x-petstore-kit-choice": "The seed does not mention a Location header.",
                "schema": {
                  "type": "string"
                }
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "tags": [
          "animals"
        ],
        "summary": "Read one animal (deprecated)",
        "deprecated": true,
        "description": "Returns one animal. Deprecated: scheduled for removal on 5 December 2030. The replacement is\nGET /pets with the status filter.\n\nOur choice: responses carry `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to the\nreplacement; after the sunset date the operation answers 410 Gone.\n",
        "x-sunset": "2030-12-05",
        "x-replacement": {
          "operationId": "listPets",
          "description": "GET /pets with the status filter."
        },
        "x-deprecation-date": "2026-01-01",
        "x-petstore-kit-choice": "The seed gives no date on which the operation became deprecated; we announce 2026-01-01 in the Deprecation header.",
        "parameters": [
          {
            "name": "petId",
            "in": "path",
            "required": true,
            "description": "The identifier of the animal. Our choice: a value that is not an exact int64 integer gives 400.\n",
            "schema": {
              "type": "integer",
              "format": "int64"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "Animal found.",
            "headers": {
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Link": {
                "$ref": "#/components/headers/Link"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "description": "No such animal.",
            "headers": {
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Link": {
                "$ref": "#/components/headers/Link"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "410": {
            "description": "Our choice. The operation has passed its sunset date (2030-12-05) and is gone.",
            "x-petstore-kit-choice": "The seed says the operation is removed on that date, not how a removed operation answers.",
            "headers": {
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Link": {
                "$ref": "#/components/headers/Link"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/messages": {
      "servers": [
        {
          "url": "https://{quickstart_base_url}",
          "description": "The quickstart address. The seed names it only as the placeholder {quickstart_base_url}.",
          "variables": {
            "quickstart_base_url": {
              "default": "quickstart.petstore.example",
              "description": "Our choice of placeholder host; the seed does not show the quickstart address."
            }
          }
        }
      ],
      "post": {
        "operationId": "sendMessage",
        "summary": "Send a message (quickstart)",
        "description": "Sends a message. The response status field may show that the message was only queued; callers\ncheck `status` to tell.\n\nOur choice: success is 202 Accepted, since the message is accepted but not yet processed\n(`status: queued`). The seed does not state the success code.\n",
        "x-petstore-kit-choice": "Success status 202 (the seed leaves it open; clients should accept any 2xx).",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/MessageRequest"
              }
            }
          }
        },
        "responses": {
          "202": {
            "description": "Our choice of success code. The message, accepted and queued.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Message"
                }
              }
            }
          },
          "400": {
            "description": "Invalid JSON, message field missing, or the Content-Type header not application/json.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "The API key, sent in the Authorization header as `Bearer <API_KEY>`. Keys are generated from an account created by signing up (quickstart flow)."
      }
    },
    "headers": {
      "Deprecation": {
        "description": "Our choice (RFC 9745). The date the operation was deprecated, as a structured-field date.",
        "schema": {
          "type": "string",
          "example": "@1767225600"
        }
      },
      "Sunset": {
        "description": "Our choice (RFC 8594). The removal date of the operation.",
        "schema": {
          "type": "string",
          "example": "Thu, 05 Dec 2030 00:00:00 GMT"
        }
      },
      "Link": {
        "description": "Our choice (RFC 8288). Points to the replacement, GET /pets, with rel=\"successor-version\".",
        "schema": {
          "type": "string"
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "The request is invalid; `message` names the offending field.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "Unauthorized": {
        "description": "Missing or invalid API key.",
        "headers": {
          "WWW-Authenticate": {
            "description": "Our choice (RFC 9110 section 11.6.1). Always `Bearer` with a realm.",
            "schema": {
              "type": "string"
            }
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "Our choice. The request body is over the 1 MiB limit (`x-max-body-bytes`).",
        "x-petstore-kit-choice": "The seed shows no size limits.",
        "x-max-body-bytes": 1048576,
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      }
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability status.",
        "enum": [
          "available",
          "pending",
          "sold"
        ]
      },
      "NewPet": {
        "type": "object",
        "description": "Request body for creating an animal.",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "description": "The animal's name."
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "description": "Identifier of the category the animal belongs to."
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        }
      },
      "Pet": {
        "description": "Response representation of an animal. All NewPet fields plus id.",
        "allOf": [
          {
            "$ref": "#/components/schemas/NewPet"
          },
          {
            "type": "object",
            "required": [
              "id"
            ],
            "properties": {
              "id": {
                "type": "integer",
                "format": "int64",
                "description": "Unique identifier, assigned by the service on creation."
              }
            }
          }
        ]
      },
      "Pets": {
        "type": "array",
        "items": {
          "$ref": "#/components/schemas/Pet"
        }
      },
      "Error": {
        "type": "object",
        "description": "Body of error responses.",
        "required": [
          "code",
          "message",
          "status"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code. The set of values is not shown by the source document.\nOur choice of values is listed in `x-petstore-kit-codes`; clients must not rely on them.\n",
            "x-petstore-kit-codes": [
              "VALIDATION_FAILED",
              "MALFORMED_JSON",
              "INVALID_CONTENT_TYPE",
              "UNAUTHORIZED",
              "PET_NOT_FOUND",
              "NOT_FOUND",
              "METHOD_NOT_ALLOWED",
              "GONE",
              "PAYLOAD_TOO_LARGE",
              "MALFORMED_REQUEST",
              "HEADERS_TOO_LARGE",
              "REQUEST_TIMEOUT",
              "INTERNAL"
            ]
          },
          "message": {
            "type": "string",
            "description": "Human-readable description."
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status code."
          },
          "issues": {
            "type": "array",
            "description": "Our choice. Every validation issue found, each with its location.",
            "x-petstore-kit-choice": "The seed's Error has code, message and status only; this optional field adds detail.",
            "items": {
              "$ref": "#/components/schemas/Issue"
            }
          }
        }
      },
      "Issue": {
        "type": "object",
        "description": "Our choice. One validation issue of a request.",
        "x-petstore-kit-choice": "Not in the seed; carried only inside Error.issues.",
        "required": [
          "in",
          "pointer",
          "message"
        ],
        "properties": {
          "in": {
            "type": "string",
            "enum": [
              "path",
              "query",
              "header",
              "body"
            ]
          },
          "pointer": {
            "type": "string",
            "description": "JSON Pointer (RFC 6901) into the body, or the parameter name."
          },
          "message": {
            "type": "string"
          }
        }
      },
      "MessageRequest": {
        "type": "object",
        "description": "Request body of the quickstart message operation.",
        "required": [
          "message"
        ],
        "properties": {
          "message": {
            "type": "string",
            "description": "Text sent."
          }
        }
      },
      "Message": {
        "type": "object",
        "description": "The quickstart message. The seed lists the fields without marking which are required; our choice\nis that all four are present in a response.\n",
        "x-petstore-kit-choice": "All four fields required in responses.",
        "required": [
          "id",
          "message",
          "status",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier of the message, assigned by the service."
          },
          "message": {
            "type": "string",
            "description": "Text sent."
          },
          "status": {
            "type": "string",
            "description": "Processing status. The value queued is shown (accepted but not yet processed); other values are not listed.",
            "example": "queued"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time",
            "description": "Timestamp in ISO 8601 UTC format."
          }
        }
      }
    }
  }
};
