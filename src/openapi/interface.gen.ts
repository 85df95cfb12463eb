// Generated from spec/petstore.openapi.yaml by `npm run generate`. Do not edit.
import type { OpenApiDocument } from './openapi-document.ts';

export const interfaceDocument: OpenApiDocument = {
  "openapi": "3.0.3",
  "info": {
    "title": "Pet Store",
    "version": "1.0.0",
    "description": "HTTP and JSON pet store inventory interface. Clients list animals, add an animal, and read a single\nanimal by identifier. All requests and responses use JSON (application/json). All operations require\nauthentication: the HTTP bearer scheme applies to every operation of the service, and a missing or\ninvalid key gets 401 with an Error body. API keys are generated from an account, which is created by\nsigning up (the quickstart flow).\n\nNot shown by the source document, and therefore not described here: the operations and payloads of\nthe other tag groups (the store group's orders listing is named, nothing more), which operations carry\na stability marker (experimental or beta) or hide the interactive test panel, the set of error codes,\npagination other than `limit` and any paging metadata, category records, transitions of the animal and\nmessage statuses, the quickstart's success status code, events and webhooks, rate limits, quotas and\nsize limits.\n"
  },
  "servers": [
    {
      "url": "{base_url}",
      "description": "Production. The source document names the address only as {base_url}, which ends with the path segment /v1 (the version).",
      "variables": {
        "base_url": {
          "default": "https://api.petstore.invalid/v1",
          "description": "A placeholder (the .invalid domain of RFC 2606); the source document does not show the production address."
        }
      }
    },
    {
      "url": "{staging_base_url}",
      "description": "Staging. The source document names the address only as {staging_base_url}, which ends with the path segment /v1.",
      "variables": {
        "staging_base_url": {
          "default": "https://staging.petstore.invalid/v1",
          "description": "A placeholder; the source document does not show the staging address."
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
      "description": "The store group, which includes an orders listing (GET /store/orders). Its operations and payloads are\nnot shown by the source document.\n"
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
        "description": "Lists animals. The response is a paginated list of animals; pagination parameters other than `limit`, and any envelope or paging metadata, are not shown.",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Maximum number of animals returned.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100,
              "default": 20
            }
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "description": "Filters by availability.",
            "schema": {
              "$ref": "#/components/schemas/PetStatus"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A paginated list of animals.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pets"
                }
              }
            }
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
        "description": "Adds an animal. The service assigns its id.",
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
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "400": {
            "description": "Body missing, required fields missing, or values invalid.",
            "x-conditions": [
              "body-missing",
              "required-field-missing",
              "invalid-value"
            ],
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
        "description": "Returns one animal. Deprecated: scheduled for removal on 5 December 2030 (`x-sunset`). The replacement\nis GET /pets with the status filter (`x-replacement`).\n",
        "x-sunset": "2030-12-05",
        "x-replacement": {
          "operationId": "listPets",
          "description": "GET /pets with the status filter."
        },
        "parameters": [
          {
            "name": "petId",
            "in": "path",
            "required": true,
            "description": "The identifier of the animal.",
            "schema": {
              "type": "integer",
              "format": "int64"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "Animal found.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "description": "No such animal.",
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
    "/store/orders": {
      "get": {
        "tags": [
          "store"
        ],
        "summary": "List orders (payloads not shown)",
        "description": "The store group's orders listing. The source document names it and states that every operation of\nthe service requires the bearer credential; its operationId, parameters and payloads are not shown.\n",
        "responses": {
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "default": {
            "description": "Not shown by the source document."
          }
        }
      }
    },
    "/messages": {
      "servers": [
        {
          "url": "{quickstart_base_url}",
          "description": "The quickstart's own address; the source document names it only as {quickstart_base_url}.",
          "variables": {
            "quickstart_base_url": {
              "default": "https://quickstart.petstore.invalid",
              "description": "A placeholder; the source document does not show the quickstart address."
            }
          }
        }
      ],
      "post": {
        "operationId": "sendMessage",
        "summary": "Send a message (quickstart)",
        "description": "Sends a message. The response's status may show that the message was only queued; callers check\n`status` to tell. The success status code is not stated by the source document, so any 2xx is\ndeclared.\n",
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
          "400": {
            "description": "Invalid JSON, message field missing, or the Content-Type header not application/json.",
            "x-conditions": [
              "invalid-json",
              "required-field-missing",
              "content-type-not-json"
            ],
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
          "2XX": {
            "description": "The message (its status may show it was only queued).",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Message"
                }
              }
            }
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
        "description": "The API key, sent in the Authorization header as `Bearer <API_KEY>`. Keys are generated from an account created by signing up (the quickstart flow)."
      }
    },
    "responses": {
      "Unauthorized": {
        "description": "The credential is missing or invalid.",
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
        "description": "Availability status. It may be supplied on creation and is used as a list filter.",
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
            "description": "Identifier of the category the animal belongs to (category records are not shown)."
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
        "description": "An array of Pet.",
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
            "description": "Machine-readable error code. The set of values is not shown by the source document."
          },
          "message": {
            "type": "string",
            "description": "Human-readable description."
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status code."
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
        "description": "The quickstart message (quickstart operation only). The seed: success is \"a Message object (id, message, status, createdAt)\" and \"callers check status to tell\": a success response carries all four.",
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
            "pattern": "(Z|z|\\+00:?00)$",
            "description": "Timestamp in ISO 8601, in UTC."
          }
        }
      }
    }
  }
};
