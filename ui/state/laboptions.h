// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <concepts>
#include <map>
#include <memory>
#include <optional>
#include <typeindex>

namespace posenc {

struct Scene;

// The options of labs whose types their own folders declare (views/<lab>/<lab>options.h): a
// scene holds them without knowing the types, so that a new lab adds nothing to Scene. A type
// T held here is default-constructible (its defaults are the lab's) and comparable with ==,
// and may check itself, alone or against the rest of the scene (one line naming the member):
//     std::optional<QString> validate() const;
//     std::optional<QString> validate(const Scene &scene) const;
// A lab's options absent from a set are their defaults: get<T>() gives those, and two sets
// that differ only by an entry equal to its defaults are equal. Copies share their entries
// until one is edited (a scene is copied on every change a view reads).
class LabOptionSet
{
public:
    template <typename T>
    const T &get() const
    {
        const auto found = m_entries.find(typeid(T));
        if (found == m_entries.end())
            return defaults<T>();
        return static_cast<const Holder<T> &>(*found->second).value;
    }

    template <typename T>
    T &edit()
    {
        std::shared_ptr<Entry> &entry = m_entries[typeid(T)];
        if (!entry)
            entry = std::make_shared<Holder<T>>();
        else if (entry.use_count() > 1)
            entry = entry->clone();
        return static_cast<Holder<T> &>(*entry).value;
    }

    bool operator==(const LabOptionSet &other) const;
    // The first problem of any lab's options (in no particular order), or nothing.
    std::optional<QString> validate(const Scene &scene) const;

private:
    struct Entry {
        virtual ~Entry() = default;
        virtual bool equals(const Entry &other) const = 0;
        virtual bool isDefault() const = 0;
        virtual std::shared_ptr<Entry> clone() const = 0;
        virtual std::optional<QString> validate(const Scene &scene) const = 0;
    };

    template <typename T>
    static const T &defaults()
    {
        static const T value{};
        return value;
    }

    template <typename T>
    struct Holder final : Entry {
        T value{};
        bool equals(const Entry &other) const override
        {
            return value == static_cast<const Holder &>(other).value;
        }
        bool isDefault() const override { return value == defaults<T>(); }
        std::shared_ptr<Entry> clone() const override { return std::make_shared<Holder>(*this); }
        std::optional<QString> validate(const Scene &scene) const override
        {
            if constexpr (requires { { value.validate(scene) } -> std::same_as<std::optional<QString>>; })
                return value.validate(scene);
            else if constexpr (requires { { value.validate() } -> std::same_as<std::optional<QString>>; })
                return value.validate();
            else
                return std::nullopt;
        }
    };

    std::map<std::type_index, std::shared_ptr<Entry>> m_entries;
};

} // namespace posenc
