// Kiwi's C++ core (header-only, from the kiwisolver source distribution) behind Strut's
// outside-solver protocol (docs/adapter-protocol.md), with no Python in between. Built and run by
// scripts/kiwi-native-adapter; its profile is scripts/kiwi-native-adapter.profile.json.
//
// It answers what scripts/kiwi_adapter.py answers through the Python binding (same priority
// weights, same term order, same outcomes), with two differences:
//  - "solverSeconds" is measured here around Kiwi's own calls (steady clock), so it holds no
//    Python object building;
//  - kiwi::InternalSolverError thrown by a call ("The objective is unbounded." from an add or a
//    removal) is caught and answered as an `error` outcome (kind internalError, Kiwi's message), where the
//    binding aborts the whole process. "Dual optimize failed." is thrown from a destructor
//    (DualOptimizeGuard in solverimpl.h), which C++ turns into std::terminate: that abort is
//    Kiwi's and is deliberately not hidden.
//
// Priorities: required (1000) is kiwi::strength::required; any other p the weight 10^(6p/1000).

#include <kiwi/kiwi.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "../common/strut_peer.h"

namespace {

struct Adapter {
    std::unique_ptr<kiwi::Solver> solver{new kiwi::Solver()};
    std::vector<std::string> order;                          // variable names, first use first
    std::unordered_map<std::string, kiwi::Variable> variables;
    std::unordered_map<std::string, kiwi::Constraint> constraints;
    double spent = 0;                                         // seconds inside Kiwi, this request

    void reset() {
        solver.reset(new kiwi::Solver());
        order.clear();
        variables.clear();
        constraints.clear();
    }

    kiwi::Variable &variable(const std::string &name) {
        auto found = variables.find(name);
        if (found != variables.end()) return found->second;
        order.push_back(name);
        return variables.emplace(name, kiwi::Variable(name)).first->second;
    }

    // Runs one call into Kiwi, its time added to `spent`, even when it throws.
    template <typename F> void timed(F call) {
        struct Clock {
            double &spent; double start;
            ~Clock() { spent += sp_now() - start; }
        } clock{spent, sp_now()};
        call();
    }

    static double strength(double priority) {
        return priority >= 1000 ? kiwi::strength::required : sp_weight(priority);
    }

    void answer(const char *outcome, const char *message = nullptr) { sp_answer(outcome, message, spent); }

    void internal(const std::exception &error) { sp_answer_kind("error", error.what(), "internalError", spent); }

    void add(const char *text, const std::string &id) {
        if (constraints.count(id)) return answer("duplicate");
        sp_constraint parsed;
        const char *problem = nullptr;
        if (!sp_parse_constraint(text, &parsed, &problem)) {
            std::string message = std::string("bad constraint '") + text + "': " + problem;
            return answer("error", message.c_str());
        }
        std::vector<kiwi::Term> terms;
        for (int i = 0; i < parsed.count; i++) terms.emplace_back(variable(parsed.names[i]), parsed.coefficients[i]);
        kiwi::RelationalOperator op = parsed.relation == SP_EQ ? kiwi::OP_EQ : parsed.relation == SP_LE ? kiwi::OP_LE : kiwi::OP_GE;
        kiwi::Constraint constraint(kiwi::Expression(std::move(terms), parsed.constant), op, strength(parsed.priority));
        sp_constraint_free(&parsed);
        try {
            timed([&] { solver->addConstraint(constraint); });
        } catch (const kiwi::UnsatisfiableConstraint &) {
            return answer("unsatisfiable");
        } catch (const kiwi::DuplicateConstraint &) {
            return answer("duplicate");
        } catch (const std::exception &error) {
            // An error is "not done" (docs/adapter-protocol.md): the harness does not hold the id,
            // so neither does the adapter, even when Kiwi kept the row before its optimise failed
            // (that change is Kiwi's, and the harness sees it in the values).
            return internal(error);
        }
        constraints.emplace(id, constraint);
        answer("ok");
    }

    void remove(const std::string &id) {
        auto found = constraints.find(id);
        if (found == constraints.end()) return answer("unknown");
        kiwi::Constraint constraint = found->second;
        try {
            timed([&] { solver->removeConstraint(constraint); });
        } catch (const kiwi::UnknownConstraint &) {
            // The id is held, so Kiwi dropped the constraint in an earlier removal that failed
            // (it erases it before looking for the marker's leaving row): answering "unknown" for
            // a held id would be nonsense, so the answer is an error again, as the other native
            // adapters give.
            sp_answer_kind("error", "Kiwi dropped this constraint in an earlier removal that failed", "internalError", spent);
            return;
        } catch (const std::exception &error) {
            // A failed removal is "not done": the id stays held, as the harness holds it.
            return internal(error);
        }
        constraints.erase(id);
        answer("ok");
    }

    void edit(const std::string &name, double priority) {
        try {
            kiwi::Variable &v = variable(name);
            timed([&] { solver->addEditVariable(v, strength(priority)); });
        } catch (const kiwi::DuplicateEditVariable &) {
            return answer("duplicate");
        } catch (const kiwi::BadRequiredStrength &) {
            return answer("badPriority");
        } catch (const std::exception &error) {
            return internal(error);
        }
        answer("ok");
    }

    void suggest(const sp_json &values) {
        for (int i = 0; i < values.count; i++) {
            auto found = variables.find(values.keys[i]);
            if (found == variables.end() || !solver->hasEditVariable(found->second)) return answer("unknown");
            if (values.items[i].type != SP_NUMBER) return answer("error", "a suggested value must be a number");
        }
        try {
            for (int i = 0; i < values.count; i++) {
                kiwi::Variable &v = variables.at(values.keys[i]);
                double value = values.items[i].number;
                timed([&] { solver->suggestValue(v, value); });
            }
        } catch (const kiwi::UnknownEditVariable &) {
            return answer("unknown");
        } catch (const std::exception &error) {
            return internal(error);
        }
        answer("ok");
    }

    void removeEdit(const std::string &name) {
        auto found = variables.find(name);
        if (found == variables.end()) return answer("unknown");
        try {
            timed([&] { solver->removeEditVariable(found->second); });
        } catch (const kiwi::UnknownEditVariable &) {
            return answer("unknown");
        } catch (const std::exception &error) {
            return internal(error);
        }
        answer("ok");
    }

    void check() {
        timed([&] { solver->updateVariables(); });
        fputs("{\"values\":{", sp_out);
        for (size_t i = 0; i < order.size(); i++) {
            if (i) fputc(',', sp_out);
            sp_put_string(sp_out, order[i].c_str());
            fputc(':', sp_out);
            sp_put_number(sp_out, variables.at(order[i]).value());
        }
        fputs("},\"solverSeconds\":", sp_out);
        sp_put_number(sp_out, spent);
        fputs("}\n", sp_out);
        fflush(sp_out);
    }

    static const char *text(const sp_json *v) { return v && v->type == SP_STRING ? v->string : nullptr; }

    void handle(const sp_json &request) {
        const sp_json *member;
        double priority;
        if (request.type != SP_OBJECT) return answer("error", "a request must be a JSON object");
        if (sp_get(&request, "reset")) { reset(); return answer("ok"); }
        if ((member = sp_get(&request, "add"))) {
            const char *id = text(sp_get(&request, "id"));
            if (!text(member) || !id) return answer("error", "add needs a constraint text and a string id");
            return add(member->string, id);
        }
        if ((member = sp_get(&request, "remove"))) {
            if (!text(member)) return answer("error", "remove needs a string id");
            return remove(member->string);
        }
        if ((member = sp_get(&request, "edit"))) {
            if (!text(member) || !sp_priority(sp_get(&request, "priority"), &priority))
                return answer("error", "edit needs a variable name and a priority");
            return edit(member->string, priority);
        }
        if ((member = sp_get(&request, "suggest"))) {
            if (member->type != SP_OBJECT) return answer("error", "suggest needs an object of values");
            return suggest(*member);
        }
        if ((member = sp_get(&request, "removeEdit"))) {
            if (!text(member)) return answer("error", "removeEdit needs a variable name");
            return removeEdit(member->string);
        }
        if (sp_get(&request, "check")) return check();
        answer("error", "unknown request");
    }
};

}  // namespace

int main(int argc, char **argv) {
    int status = sp_begin(argc, argv);
    if (status != 0) return status;
    Adapter adapter;
    char *line = nullptr;
    size_t capacity = 0;
    while (sp_read_line(&line, &capacity)) {
        sp_json request;
        const char *problem = nullptr;
        if (!line[strspn(line, " \t\r")]) continue;
        adapter.spent = 0;
        if (!sp_json_parse(line, &request, &problem)) {
            std::string message = std::string("the request is not JSON: ") + problem;
            adapter.answer("error", message.c_str());
            continue;
        }
        adapter.handle(request);
        sp_json_free(&request);
    }
    free(line);
    return 0;
}
